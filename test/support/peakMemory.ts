import { readFileSync } from 'node:fs';

/**
 * The high-water mark of a process's resident memory so far (VmHWM of
 * /proc/PID/status, Linux), in MB; 0 once the process is gone.
 */
export function peakMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
