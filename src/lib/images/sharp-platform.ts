/**
 * Why sharp cannot load on this system, in the words a user acts on. sharp's
 * install never fails: npm installs its prebuilt binary for the platform it
 * names, and only `require('sharp')` finds that the binary cannot run here.
 * The known cases (sharp 0.35): 32-bit ARM needs glibc 2.36 (Raspberry Pi OS
 * Bullseye has 2.31), 32-bit Alpine and 32-bit x86 Linux have no binary at
 * all, x86-64 needs an x86-64-v2 CPU (some virtual machines lack it).
 */

export interface SharpProblem {
  /** what is wrong with this platform, e.g. "32-bit ARM Linux needs glibc 2.36 or later; this system has glibc 2.31" */
  problem: string;
  /** what the user can change so that sharp loads, e.g. "upgrade to Raspberry Pi OS 12 (Bookworm) ..." */
  wayOut: string;
  /** sharp's own first line, e.g. `Could not load the "sharp" module using the linux-arm runtime` */
  said: string;
}

/** A system as sharp names it (`linux-arm`, `linuxmusl-x64`, ...) and its glibc version, if it has glibc. */
export interface Host {
  runtime: string;
  glibc?: string;
}

export function thisHost(): Host {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const glibc = report?.header?.glibcVersionRuntime;
  const musl = process.platform === 'linux' && !glibc;
  return { runtime: `${process.platform}${musl ? 'musl' : ''}-${process.arch}`, glibc };
}

/** Platforms sharp 0.35 ships a binary for (its `prebuiltPlatforms`). */
const PREBUILT = new Set([
  'darwin-arm64',
  'darwin-x64',
  'freebsd-arm64',
  'freebsd-x64',
  'linux-arm',
  'linux-arm64',
  'linux-ppc64',
  'linux-riscv64',
  'linux-s390x',
  'linux-wasm32',
  'linux-x64',
  'linuxmusl-arm64',
  'linuxmusl-x64',
  'win32-arm64',
  'win32-ia32',
  'win32-x64',
]);

const LABELS: Record<string, string> = {
  'linux-arm': '32-bit ARM Linux',
  'linuxmusl-arm': '32-bit ARM Alpine Linux (musl)',
  'linux-arm64': '64-bit ARM Linux',
  'linuxmusl-arm64': '64-bit ARM Alpine Linux (musl)',
  'linux-x64': 'x86-64 Linux',
  'linuxmusl-x64': 'x86-64 Alpine Linux (musl)',
  'linux-ia32': '32-bit x86 Linux',
  'linuxmusl-ia32': '32-bit x86 Alpine Linux (musl)',
};

const SIXTY_FOUR_BIT =
  'run Node-RED on a 64-bit system (64-bit Raspberry Pi OS, or the arm64 or amd64 Node-RED container image)';

/**
 * The problem and the way out, read from the message of sharp's load error.
 * @param host the system, for what the message does not say (sharp names its runtime in the message)
 */
export function explainSharpFailure(message: string, host: Host = thisHost()): SharpProblem {
  const said = message.split('\n')[0].trim().slice(0, 200);
  const runtime = /using the (\S+) runtime/.exec(message)?.[1] ?? host.runtime;
  const glibcOfThisHost = runtime === host.runtime ? host.glibc : undefined;
  const platform = LABELS[runtime] ?? runtime;

  if (/v2 microarchitecture/i.test(message)) {
    return {
      problem: `its binary for ${platform} needs a CPU with x86-64-v2 (SSE4.2, POPCNT), which this (virtual) CPU lacks`,
      wayOut: 'give the virtual machine the CPU type of its host (Proxmox: "host" or "x86-64-v2-AES")',
      said,
    };
  }
  const libc = libcNeeded(message, runtime, glibcOfThisHost);
  if (libc) {
    const has = libc.found ? `; this system has ${libc.family} ${libc.found}` : '';
    return {
      problem: `its binary for ${platform} needs ${libc.family} ${libc.required} or later${has}`,
      wayOut:
        runtime === 'linux-arm'
          ? 'upgrade to Raspberry Pi OS 12 (Bookworm) or later, or to the 64-bit Raspberry Pi OS'
          : 'upgrade the operating system (or the container image) to one with a newer C library',
      said,
    };
  }
  if (!PREBUILT.has(runtime)) {
    return { problem: `it has no binary for ${platform}`, wayOut: SIXTY_FOUR_BIT, said };
  }
  // sharp's reasons come between its first line and its "Possible solutions".
  const lines = message.split('\n').slice(1);
  const solutions = lines.findIndex((line) => /^Possible solutions/.test(line));
  const reason = lines.slice(0, solutions < 0 ? undefined : solutions).find((line) => line.trim() !== '');
  return {
    problem: `it failed to load on ${platform}${reason ? ` (${reason.trim().slice(0, 160)})` : ''}`,
    wayOut: 'reinstall the package with its optional dependencies (see https://sharp.pixelplumbing.com/install)',
    said,
  };
}

/** The C library sharp's binary needs and the one found, where the message or the runtime tells it. */
function libcNeeded(
  message: string,
  runtime: string,
  glibcOfThisHost: string | undefined,
): { family: string; required: string; found?: string } | undefined {
  const required = /Requires (glibc|musl) >=\s*([\d.]+)/.exec(message);
  if (required) {
    const found = /Found (glibc|musl) ([\d.]+)/.exec(message);
    return { family: required[1], required: required[2], found: found?.[2] };
  }
  // The dynamic linker names a missing glibc symbol version even where sharp does not say "Update your OS".
  if (runtime === 'linux-arm' && /GLIBC(XX)?_[\d.]+'? not found|CXXABI_/.test(message)) {
    return { family: 'glibc', required: '2.36', found: glibcOfThisHost };
  }
  return undefined;
}
