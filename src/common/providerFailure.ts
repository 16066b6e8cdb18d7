/** One provider that failed or gave an unusable answer, as async results list it. */
export interface ProviderFailure {
  readonly provider: string;
  /** `PROVIDER_FAILED`, `PROVIDER_TIMEOUT` (its own limit or the overall deadline) or `PROVIDER_INVALID` (a field of the wrong type). */
  readonly code: 'PROVIDER_FAILED' | 'PROVIDER_TIMEOUT' | 'PROVIDER_INVALID';
  readonly message: string;
}
