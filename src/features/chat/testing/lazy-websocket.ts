/**
 * A WebSocket transport for supabase-js that looks up globalThis.WebSocket when
 * it connects rather than when the client is created, so msw's WebSocket
 * interception (installed by server.listen(), after modules load) sees it.
 */
export const LazyWebSocket = function LazyWebSocket(
  url: string | URL,
  protocols?: string | string[],
) {
  return new globalThis.WebSocket(url, protocols)
} as unknown as typeof WebSocket
