/**
 * Reads a response body as text, at most `maxBytes`: a larger body is
 * cancelled, not buffered (a provider's answer is a few kilobytes; a server
 * that sends more is broken or hostile).
 *
 * @throws Error when the body is larger than `maxBytes`
 */
export async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`response of ${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`response is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
