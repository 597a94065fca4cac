import { pipeline, Transform, type Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Keeps a large upload from piling up dead buffers.
 *
 * Every chunk a socket reads is a fresh 64 KB buffer outside V8's heap. A stream allocates almost
 * nothing inside the heap, so no young-generation collection comes along to free the chunks it is
 * done with; V8 only steps in once about 64 MB of such memory has built up, and glibc keeps much of
 * it afterwards. A 100 MB upload raised the server's resident memory by 40-50 MB that way. A
 * young-generation collection every few megabytes frees the chunks while they are young: the same
 * upload adds 4-12 MB, at the same speed (docs/architecture.md, "Memory").
 */

/** Bytes between two collections. */
const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

type GarbageCollector = (options: { type: 'minor' | 'major' }) => void;

let collector: GarbageCollector | undefined;

/**
 * V8's collector, taken from a fresh context created while `--expose-gc` is on; the flag is turned
 * off again at once, so no other code (or context) sees a global `gc`.
 */
function garbageCollector(): GarbageCollector {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc');
    try {
      collector = vm.runInNewContext('gc') as GarbageCollector;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  return collector;
}

/** The source's bytes unchanged, with a young-generation collection after every few megabytes. */
export function collectingYoungGarbage(source: Readable, everyBytes = COLLECT_EVERY_BYTES): Readable {
  const collect = garbageCollector();
  let sinceLast = 0;
  const passing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sinceLast += chunk.length;
      if (sinceLast >= everyBytes) {
        sinceLast = 0;
        collect({ type: 'minor' });
      }
      done(null, chunk);
    },
  });
  // An error of the source (a size limit, a client gone) ends the passed-on stream with it.
  return pipeline(source, passing, () => {});
}
