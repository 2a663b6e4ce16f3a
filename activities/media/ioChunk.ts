/** Files are copied a MiB at a time: 16–64 KiB reads and writes cost a system call each (BENCHMARKS.md). */
export const IO_CHUNK = 1024 * 1024;
