import { supabase } from '@/lib/supabase'
import type { Database } from '@/types/database.types'

type DeviceRow = Database['public']['Tables']['push_subscriptions']['Row']
/** What an owner may see of a device: its label and dates, never its endpoint or keys. */
export type Device = Pick<DeviceRow, 'id' | 'browser' | 'created_at' | 'last_used_at'>

/** The owner's devices with notifications on, most recently used first. */
export async function getDevices(signal?: AbortSignal): Promise<Device[]> {
  const query = supabase
    .from('push_subscriptions')
    .select('id, browser, created_at, last_used_at')
    .order('created_at', { ascending: false })
  const { data, error } = await (signal ? query.abortSignal(signal) : query)
  if (error) throw error
  return data
}

/** Removes one of the owner's devices (RLS: only their own). */
export async function removeDevice(id: string): Promise<void> {
  const { error } = await supabase.from('push_subscriptions').delete().eq('id', id)
  if (error) throw error
}

/** Turns notifications on for this browser's subscription; the database checks its push service. */
export async function saveSubscription(subscription: {
  endpoint: string
  p256dh: string
  auth: string
  browser: string
}): Promise<string> {
  const { data, error } = await supabase.rpc('save_push_subscription', subscription)
  if (error) throw error
  return data
}
