import type { RealtimeChannel } from '@supabase/supabase-js'
import { useEffect, useEffectEvent } from 'react'
import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'

export type BroadcastHandlers = Record<string, (payload: unknown) => void>

export type BroadcastChannelOptions = {
  /** Topic without the `realtime:` prefix, e.g. `chat:<id>`; null waits. */
  topic: string | null
  /** Handlers by broadcast event name; each receives the broadcast's payload. */
  handlers: BroadcastHandlers
  /**
   * Called when what arrived live may have gaps: after the channel subscribes
   * again following an error, a time-out or a close, and when the tab becomes
   * visible again. Fetch what was missed here.
   */
  onResync?: () => void
  /** Told when the socket drops and when it is back. */
  monitor?: ConnectivityMonitor
}

/**
 * The one way to listen on a private Broadcast channel: authorises the socket
 * with the current session, subscribes, reports gaps, and always removes the
 * channel object on cleanup.
 */
export function useBroadcastChannel({
  topic,
  handlers,
  onResync,
  monitor,
}: BroadcastChannelOptions): void {
  const onEvent = useEffectEvent((event: string, payload: unknown) => {
    handlers[event]?.(payload)
  })
  const resync = useEffectEvent(() => onResync?.())
  const events = Object.keys(handlers).sort().join('\n')

  useEffect(() => {
    if (topic === null) return
    let isActive = true
    let hasDropped = false
    let channel: RealtimeChannel | undefined

    const start = async () => {
      // Private channels are authorised with the user's token, not the API key.
      await supabase.realtime.setAuth().catch(() => undefined)
      if (!isActive) return
      channel = supabase.channel(topic, { config: { private: true } })
      for (const event of events.split('\n').filter(Boolean)) {
        channel.on('broadcast', { event }, (message: { payload?: unknown }) => {
          onEvent(event, message.payload)
        })
      }
      channel.subscribe((status) => {
        if (!isActive) return
        if (status === 'SUBSCRIBED') {
          monitor?.gotReply()
          if (hasDropped) resync()
          hasDropped = false
        } else {
          hasDropped = true
          monitor?.expectReply()
        }
      })
    }
    void start()

    const onVisibility = () => {
      if (document.visibilityState === 'visible') resync()
    }
    document.addEventListener('visibilitychange', onVisibility)

    return () => {
      isActive = false
      document.removeEventListener('visibilitychange', onVisibility)
      if (channel) void supabase.removeChannel(channel)
    }
  }, [topic, events, monitor])
}
