// What a user reads when sharp cannot load: the platform problem and the way out, from the
// message sharp 0.35 throws on each platform it cannot run on (the texts below are laid out as
// sharp's loader, dist/sharp.cjs, builds them).

import { expect } from 'chai';
import { explainSharpFailure, thisHost } from '../../dist/lib/images/sharp-platform';

const BULLSEYE_WITH_LINES = [
  'Could not load the "sharp" module using the linux-arm runtime',
  "ERR_DLOPEN_FAILED: /usr/lib/arm-linux-gnueabihf/libstdc++.so.6: version `CXXABI_1.3.13' not found (required by /home/pi/.node-red/node_modules/@img/sharp-libvips-linux-arm/lib/libvips-cpp.so.8.18.7)",
  'Possible solutions:',
  '- Add platform-specific dependencies:',
  '    npm install --os=linux --cpu=arm sharp',
  '- Update your OS:',
  '    Found glibc 2.31',
  '    Requires glibc >=2.36',
  '- Consult the installation documentation:',
  '    See https://sharp.pixelplumbing.com/install',
].join('\n');

const BULLSEYE_LINKER_ONLY = [
  'Could not load the "sharp" module using the linux-arm runtime',
  "ERR_DLOPEN_FAILED: /lib/arm-linux-gnueabihf/libc.so.6: version `GLIBC_2.34' not found (required by /home/pi/.node-red/node_modules/@img/sharp-libvips-linux-arm/lib/libvips-cpp.so.8.18.7)",
  'Possible solutions:',
  '- Consult the installation documentation:',
  '    See https://sharp.pixelplumbing.com/install',
].join('\n');

const ALPINE_ARMV7 = [
  'Could not load the "sharp" module using the linuxmusl-arm runtime',
  'Possible solutions:',
  '- Manually install libvips >= 8.18.7',
  '    See https://sharp.pixelplumbing.com/install#building-from-source',
  '- Add WebAssembly-based dependencies:',
  '    npm install sharp @img/sharp-wasm32',
].join('\n');

const OLD_X64_CPU = [
  'Could not load the "sharp" module using the linuxmusl-x64 runtime',
  'Unsupported CPU: Prebuilt binaries for Linux x64 require v2 microarchitecture',
  'Possible solutions:',
  '- Ensure optional dependencies can be installed:',
  '    npm install --include=optional sharp',
].join('\n');

const OLD_MUSL = [
  'Could not load the "sharp" module using the linuxmusl-x64 runtime',
  'ERR_DLOPEN_FAILED: Error relocating /data/node_modules/@img/sharp-libvips-linuxmusl-x64/lib/libvips-cpp.so.8.18.7: __stdio_write: symbol not found',
  'Possible solutions:',
  '- Update your OS:',
  '    Found musl 1.2.4',
  '    Requires musl >=1.2.5',
].join('\n');

const MISSING_PACKAGE = [
  'Could not load the "sharp" module using the win32-x64 runtime',
  'Possible solutions:',
  '- Ensure optional dependencies can be installed:',
  '    npm install --include=optional sharp',
].join('\n');

describe('why sharp cannot load, and the way out', () => {
  it('32-bit Raspberry Pi OS Bullseye: glibc 2.36 needed, 2.31 found; upgrade, or the 64-bit OS', () => {
    const explained = explainSharpFailure(BULLSEYE_WITH_LINES, { runtime: 'linux-x64', glibc: '2.36' });
    expect(explained.problem).to.equal(
      'its binary for 32-bit ARM Linux needs glibc 2.36 or later; this system has glibc 2.31',
    );
    expect(explained.wayOut).to.equal(
      'upgrade to Raspberry Pi OS 12 (Bookworm) or later, or to the 64-bit Raspberry Pi OS',
    );
    expect(explained.said).to.equal('Could not load the "sharp" module using the linux-arm runtime');
  });

  it('the same where only the linker names the missing glibc: the version found comes from this host', () => {
    const onThePi = explainSharpFailure(BULLSEYE_LINKER_ONLY, { runtime: 'linux-arm', glibc: '2.31' });
    expect(onThePi.problem).to.equal(
      'its binary for 32-bit ARM Linux needs glibc 2.36 or later; this system has glibc 2.31',
    );
    // A message from another system says nothing of this host's glibc.
    const elsewhere = explainSharpFailure(BULLSEYE_LINKER_ONLY, { runtime: 'linux-x64', glibc: '2.36' });
    expect(elsewhere.problem).to.equal('its binary for 32-bit ARM Linux needs glibc 2.36 or later');
    expect(elsewhere.wayOut).to.include('Raspberry Pi OS 12 (Bookworm)');
  });

  it('32-bit Alpine (a Node-RED container on 32-bit ARM): no binary; a 64-bit system', () => {
    const explained = explainSharpFailure(ALPINE_ARMV7);
    expect(explained.problem).to.equal('it has no binary for 32-bit ARM Alpine Linux (musl)');
    expect(explained.wayOut).to.equal(
      'run Node-RED on a 64-bit system (64-bit Raspberry Pi OS, or the arm64 or amd64 Node-RED container image)',
    );
  });

  it('an x86-64 CPU without x86-64-v2 (a Home Assistant VM): the VM gets the host CPU type', () => {
    const explained = explainSharpFailure(OLD_X64_CPU);
    expect(explained.problem).to.equal(
      'its binary for x86-64 Alpine Linux (musl) needs a CPU with x86-64-v2 (SSE4.2, POPCNT), which this (virtual) CPU lacks',
    );
    expect(explained.wayOut).to.include('CPU type of its host');
  });

  it('an Alpine too old for its musl: the C library needed and found; a newer image', () => {
    const explained = explainSharpFailure(OLD_MUSL);
    expect(explained.problem).to.equal(
      'its binary for x86-64 Alpine Linux (musl) needs musl 1.2.5 or later; this system has musl 1.2.4',
    );
    expect(explained.wayOut).to.include('newer C library');
  });

  it('any other failure: what sharp said first, and its install guide', () => {
    const explained = explainSharpFailure(MISSING_PACKAGE);
    expect(explained.problem).to.equal('it failed to load on win32-x64');
    expect(explained.wayOut).to.include('https://sharp.pixelplumbing.com/install');
  });

  it('a message that names no runtime is taken as the host the load ran on', () => {
    const message = 'Something unexpected\nERR_DLOPEN_FAILED: libvips-cpp.so.42: cannot open';
    expect(explainSharpFailure(message, { runtime: 'linux-riscv64' }).problem).to.equal(
      'it failed to load on linux-riscv64 (ERR_DLOPEN_FAILED: libvips-cpp.so.42: cannot open)',
    );
    // This machine, as sharp names it: glibc Linux here.
    const host = thisHost();
    expect(host.glibc).to.match(/^\d+\.\d+/);
    expect(host.runtime).to.equal(`${process.platform}-${process.arch}`);
  });
});
