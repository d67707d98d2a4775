/**
 * A drawing process as its page renderer holds it: Node.js running ../drawing-process/main, told pages and heard
 * from over its IPC channel. Unlike a page on the thread pool or in a worker thread, a process can be ended at
 * once whatever it is doing, native code included, and the system then has all its memory back: a page over its
 * budget is stopped by ending the process that draws it. It is let go gently when it is no longer needed.
 *
 * Its memory is read from the system where it can be (Linux: /proc), so a process busy in WebAssembly is watched
 * too, and else from what the process tells while it draws; there, where a process busy in JavaScript could not
 * tell, its JavaScript heap is also held to the memory budget by V8 (a flag that costs each start about 10 ms).
 * It keeps Node-RED's process alive only while it has work: its channel is referenced only then.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { join } from 'node:path';
import { PAGE_BUDGET } from '../../values/page-budget';
import type { FromDrawing, ToDrawing } from '../shared/messages';

const ENTRY = join(__dirname, '..', 'drawing-process', 'main.js');
const VM_RSS = /^VmRSS:\s+(\d+)\s+kB/m;
/** Whether a process's memory is read from the system, whatever the process is doing. */
const SYSTEM_TELLS_MEMORY = process.platform === 'linux';

export interface DrawingProcessEvents {
  message(message: FromDrawing): void;
  /** The process is gone (ended, crashed, or it never started); `how` says how, for an error text. */
  gone(how: string): void;
}

/**
 * How glibc's allocator serves the engine's native code (other C libraries ignore these; one set in Node-RED's own
 * environment is kept). By default it raises its threshold for mapping a block by itself to the largest block
 * freed, so after the first page every page's pixels and layers (megabytes each) come from its heaps, and it keeps
 * a heap for up to eight threads a core (Node.js's thread pool, Takumi's own threads): each heap then keeps what its
 * largest page left in it. With a fixed threshold a block of 512 KB or more is the system's again once freed (at
 * 128 KB, pages took longer), and two heaps are all the threads of a process share (docs/design.md, *A drawing
 * process that gives back what its pages left*).
 */
const GLIBC_ALLOCATOR: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: String(512 * 1024),
  MALLOC_ARENA_MAX: '2',
};

/**
 * Node-RED's environment, less what only costs the drawing process its start: it opens no connection, and
 * Node.js reads and parses the whole bundle named by NODE_EXTRA_CA_CERTS before any code runs (a system's
 * 200 KB bundle costs tens of milliseconds on a small machine, each time a process starts).
 */
function drawingEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // Where Node-RED runs inside Electron, its executable runs as Node.js.
  const lean: NodeJS.ProcessEnv = { ...GLIBC_ALLOCATOR, ...env, ELECTRON_RUN_AS_NODE: '1' };
  delete lean.NODE_EXTRA_CA_CERTS;
  return lean;
}

/** The young generation's semi-spaces at most 1 MB each (V8 grows them up to 16 MB under allocation). */
const YOUNG_GENERATION = '--max-semi-space-size=1';
/** `gc()`, which the process calls once it rests (../drawing-process/main). */
const EXPOSE_GC = '--expose-gc';

export class DrawingProcess {
  private readonly child: ChildProcess;
  private toldRss = 0;
  private gone = false;

  constructor(events: DrawingProcessEvents) {
    this.child = fork(ENTRY, [], {
      // Not Node-RED's own flags (an inspector, a heap size for a whole runtime): the drawing process's. Its young
      // generation stays small: a page's short-lived objects (a recipe's style rules matched to its elements) would
      // otherwise grow it by tens of MB, which V8 keeps while the process rests.
      execArgv: [
        YOUNG_GENERATION,
        EXPOSE_GC,
        ...(SYSTEM_TELLS_MEMORY ? [] : [`--max-old-space-size=${Math.round(PAGE_BUDGET.memoryBytes / 1024 / 1024)}`]),
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: drawingEnvironment(process.env),
    });
    this.child.unref();
    const gone = (how: string): void => {
      if (this.gone) return;
      this.gone = true;
      events.gone(how);
    };
    this.child.on('message', (message: FromDrawing) => {
      if (message.type === 'memory' || message.type === 'ready') this.toldRss = message.rss;
      events.message(message);
    });
    this.child.once('exit', (code, signal) => gone(signal ? `ended by ${signal}` : `exited with code ${code}`));
    this.child.once('error', (error) => gone(`could not be started: ${error.message}`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: ToDrawing): void {
    if (!this.gone && this.child.connected) this.child.send(message);
  }

  /** While it has work, the process it draws for stays alive to hear the answer. */
  hold(working: boolean): void {
    if (working) this.child.channel?.ref();
    else this.child.channel?.unref();
  }

  /** Its resident memory in bytes, as the system counts it. */
  rss(): number {
    const pid = this.child.pid;
    if (SYSTEM_TELLS_MEMORY && pid !== undefined && !this.gone) {
      try {
        const found = VM_RSS.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
        if (found) return Number(found[1]) * 1024;
      } catch {
        // gone meanwhile: what it last told
      }
    }
    return this.toldRss;
  }

  /** Gives it the system's lowest priority: whatever else runs (Node-RED, the other drawing process) goes first. */
  yieldProcessor(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.gone) return;
    try {
      setPriority(pid, constants.priority.PRIORITY_LOW);
    } catch {
      // not allowed here: it keeps its share
    }
  }

  /** Lets it go: it ends by itself once its channel closes (at once, or after the page it is drawing). */
  release(): void {
    if (!this.gone && this.child.connected) this.child.disconnect();
  }

  /** Ends it now, whatever it is doing. */
  kill(): void {
    if (!this.gone) this.child.kill('SIGKILL');
  }
}
