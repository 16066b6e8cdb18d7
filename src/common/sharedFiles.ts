/**
 * Files this thread was handed already read, by path. The batch pool reads
 * the bundled city databases (134 MB) and the data bundle's IP range tables
 * (≈20 MB) once into shared memory and gives every worker thread the same
 * bytes instead of a copy per thread. Whatever reads one of those paths (the
 * city files, readListedFile) takes these bytes and checks them as it checks
 * a file it reads.
 */
const handed = new Map<string, Buffer>();

/** Makes reads of `path` in this thread use `bytes` instead of reading the file. @internal */
export function useSharedFile(path: string, bytes: Buffer): void {
  handed.set(path, bytes);
}

/** The bytes this thread was handed for `path`, if any. @internal */
export function sharedFile(path: string): Buffer | undefined {
  return handed.get(path);
}
