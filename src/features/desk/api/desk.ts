import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import { DESK_REFUSAL_TEXT } from '@/features/desk/texts'
import type { Database } from '@/types/database.types'

type Functions = Database['public']['Functions']

export type MyDesk = Functions['my_desk']['Returns'][number]
export type DeskStaffMember = Functions['desk_staff_list']['Returns'][number]
export type DeskCase = Functions['desk_cases_list']['Returns'][number]
export type DeskOutcome = 'collected' | 'posted'

export type DeskSignUp = {
  name: string
  address: string
  openingHours: string
  publicPhone: string
  publicEmail: string
}

/** The signed-in account's desk and their role in it, or null. */
export async function getMyDesk(): Promise<MyDesk | null> {
  const { data } = throwIfError(await supabase.rpc('my_desk'), DESK_REFUSAL_TEXT)
  return data?.[0] ?? null
}

/** Signs a desk up; the account becomes its admin and the desk waits for approval. */
export async function registerDesk(desk: DeskSignUp): Promise<string> {
  const { data } = throwIfError(
    await supabase.rpc('register_desk', {
      name: desk.name,
      address: desk.address,
      opening_hours: desk.openingHours,
      public_phone: desk.publicPhone,
      public_email: desk.publicEmail,
    }),
    DESK_REFUSAL_TEXT,
  )
  return data
}

export async function getDeskStaff(): Promise<DeskStaffMember[]> {
  const { data } = throwIfError(await supabase.rpc('desk_staff_list'), DESK_REFUSAL_TEXT)
  return data ?? []
}

export async function addDeskStaff(email: string): Promise<void> {
  throwIfError(await supabase.rpc('add_desk_staff', { email }), DESK_REFUSAL_TEXT)
}

export async function removeDeskStaff(userId: string): Promise<void> {
  throwIfError(await supabase.rpc('remove_desk_staff', { user_id: userId }), DESK_REFUSAL_TEXT)
}

/** The admin deletes the desk: its staff's membership, its cases and their access go with it. */
export async function deleteMyDesk(): Promise<void> {
  throwIfError(await supabase.rpc('delete_my_desk'), DESK_REFUSAL_TEXT)
}

/** The items the desk holds, newest first, each with its state. */
export async function getDeskCases(): Promise<DeskCase[]> {
  const { data } = throwIfError(await supabase.rpc('desk_cases_list'), DESK_REFUSAL_TEXT)
  return data ?? []
}

/** Marks an item collected or posted: the owner is told and the conversation closes. */
export async function markDeskCase(chatId: string, outcome: DeskOutcome): Promise<void> {
  throwIfError(
    await supabase.rpc('mark_desk_case', { chat_id: chatId, outcome }),
    DESK_REFUSAL_TEXT,
  )
}

/** Reports a tagged item as the desk, with the desk's reference; returns the new chat. */
export async function deskReportFound(tagCode: string, reference: string): Promise<string> {
  const { data } = throwIfError(
    await supabase.rpc('desk_report_found', {
      tag_code: tagCode,
      reference,
      site_url: window.location.origin,
    }),
    DESK_REFUSAL_TEXT,
  )
  const chatId = data?.[0]?.chat_id
  if (!chatId) throw new Error('desk_report_found returned nothing')
  return chatId
}
