/**
 * `npm run operator -- <command>`: the operator's desk from a terminal, with the
 * project's secret key (SUPABASE_URL / SUPABASE_SECRET_KEY target any project;
 * the local stack by default). The operator role is granted only here, never
 * by anything a browser sends.
 *
 *   grant <email>        make the account with this e-mail an operator
 *   revoke <email>       take the role away
 *   list                 the operators
 *   reports              the open reports
 *   show <report_id>     one report's kept conversation
 *   act <report_id> <dismiss|warn|close_conversation|suspend_owner|deactivate_tag>
 *       --reason "<why>" [--as <your name>]
 *   desks                the lost-property desks waiting for approval
 *   approve-desk <desk_id> --reason "<why>" [--as <your name>]
 *   refuse-desk <desk_id> --reason "<why>" [--as <your name>]
 */
import { describeError, fail, operatorClient } from './tags-cli.ts'

export const ACTIONS = [
  'dismiss',
  'warn',
  'close_conversation',
  'suspend_owner',
  'deactivate_tag',
] as const
export type OperatorAction = (typeof ACTIONS)[number]

export type OperatorCommand =
  | { kind: 'grant' | 'revoke'; email: string }
  | { kind: 'list' | 'reports' | 'desks' }
  | {
      kind: 'decide-desk'
      deskId: string
      decision: 'approve' | 'refuse'
      reason: string
      label: string
    }
  | { kind: 'show'; reportId: string }
  | { kind: 'act'; reportId: string; action: OperatorAction; reason: string; label: string }

const USAGE = `Usage: npm run operator -- grant <email> | revoke <email> | list | reports | show <report_id>
       npm run operator -- act <report_id> <${ACTIONS.join('|')}> --reason "<why>" [--as <name>]
       npm run operator -- desks | approve-desk <desk_id> | refuse-desk <desk_id> --reason "<why>" [--as <name>]`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function isAction(value: string): value is OperatorAction {
  return (ACTIONS as readonly string[]).includes(value)
}

function reportIdOf(value: string | undefined, what = 'report'): string {
  if (!value || !UUID.test(value))
    throw new Error(`A ${what} id looks like 1b4e…-…; got "${value ?? ''}"`)
  return value.toLowerCase()
}

/** --reason "<why>" [--as <name>] from the arguments after the ids. */
function reasonAndLabel(rest: string[], user: string): { reason: string; label: string } {
  let reason = ''
  let label = user
  for (let i = 0; i < rest.length; i += 2) {
    const value = rest[i + 1]
    if (rest[i] === '--reason' && value !== undefined) reason = value.trim()
    else if (rest[i] === '--as' && value !== undefined) label = value.trim() || user
    else throw new Error(`Unexpected argument "${rest[i] ?? ''}"`)
  }
  if (!reason) throw new Error('Give a reason with --reason "<why>"')
  return { reason, label }
}

/** Reads the command line; throws in words on bad input. */
export function parseOperatorArgs(argv: string[], user = 'unnamed'): OperatorCommand {
  const [kind, ...rest] = argv
  if (kind === 'grant' || kind === 'revoke') {
    const email = rest[0]?.trim() ?? ''
    if (!EMAIL.test(email) || rest.length !== 1) throw new Error(`${kind} needs one e-mail address`)
    return { kind, email }
  }
  if (kind === 'approve-desk' || kind === 'refuse-desk') {
    const deskId = reportIdOf(rest[0], 'desk')
    const decision = kind === 'approve-desk' ? 'approve' : 'refuse'
    return { kind: 'decide-desk', deskId, decision, ...reasonAndLabel(rest.slice(1), user) }
  }
  if (kind === 'list' || kind === 'reports' || kind === 'desks') {
    if (rest.length > 0) throw new Error(`Unexpected argument "${rest[0]}"`)
    return { kind }
  }
  if (kind === 'show') return { kind, reportId: reportIdOf(rest[0]) }
  if (kind === 'act') {
    const reportId = reportIdOf(rest[0])
    const action = rest[1] ?? ''
    if (!isAction(action))
      throw new Error(`The action is one of ${ACTIONS.join(', ')}; got "${action}"`)
    let reason = ''
    let label = user
    for (let i = 2; i < rest.length; i += 2) {
      const value = rest[i + 1]
      if (rest[i] === '--reason' && value !== undefined) reason = value.trim()
      else if (rest[i] === '--as' && value !== undefined) label = value.trim() || user
      else throw new Error(`Unexpected argument "${rest[i] ?? ''}"`)
    }
    if (!reason) throw new Error('Give a reason with --reason "<why>"')
    return { kind, reportId, action, reason, label }
  }
  throw new Error(`Unknown command "${kind ?? ''}"`)
}

type OpenReport = {
  report_id: string
  created_at: string
  reason: string
  note: string | null
  reporter_role: string
  chat_closed_reason: string | null
  item_name: string
  tag_code: string
  tag_status: string | null
  kept_messages: number
}

/** One line per open report, as `reports` prints them. */
export function describeReports(rows: OpenReport[]): string {
  if (rows.length === 0) return 'No open reports.'
  return rows
    .map(
      (r) =>
        `${r.report_id}  ${r.created_at}  ${r.reason} (by the ${r.reporter_role})  ` +
        `${r.item_name} · tag ${r.tag_code} (${r.tag_status ?? 'gone'}) · ` +
        `${r.chat_closed_reason ? `closed: ${r.chat_closed_reason}` : 'open'} · ` +
        `${r.kept_messages} kept message${r.kept_messages === 1 ? '' : 's'}` +
        (r.note ? `\n    "${r.note}"` : ''),
    )
    .join('\n')
}

async function main(command: OperatorCommand): Promise<void> {
  const url = process.env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
  const db = operatorClient()
  const check = <T>(result: { data: T; error: { message: string; code?: string } | null }): T => {
    if (result.error) fail(`The operator command failed: ${describeError(result.error, url)}`)
    return result.data
  }
  switch (command.kind) {
    case 'grant':
      check(await db.rpc('operator_grant', { email: command.email }))
      console.log(
        `${command.email} is an operator. They see the desk at /operator after signing in.`,
      )
      return
    case 'revoke': {
      const removed = check(await db.rpc('operator_revoke', { email: command.email }))
      console.log(
        removed
          ? `${command.email} is no longer an operator.`
          : `${command.email} was not an operator.`,
      )
      return
    }
    case 'list': {
      const rows = check(await db.rpc('operator_list')) as { email: string; granted_at: string }[]
      console.log(
        rows.length === 0
          ? 'No operators.'
          : rows.map((r) => `${r.email}  since ${r.granted_at}`).join('\n'),
      )
      return
    }
    case 'reports':
      console.log(describeReports(check(await db.rpc('operator_open_reports')) as OpenReport[]))
      return
    case 'desks': {
      const rows = check(await db.rpc('operator_pending_desks')) as {
        id: string
        name: string
        address: string
        opening_hours: string
        public_phone: string
        public_email: string
        admin_email: string | null
        created_at: string
      }[]
      console.log(
        rows.length === 0
          ? 'No desks waiting for approval.'
          : rows
              .map(
                (d) =>
                  `${d.id}  ${d.created_at}  ${d.name} · ${d.address} · open ${d.opening_hours} · ` +
                  `${d.public_phone} · ${d.public_email} · signed up by ${d.admin_email ?? '?'}`,
              )
              .join('\n'),
      )
      return
    }
    case 'decide-desk':
      check(
        await db.rpc('operator_decide_desk', {
          desk_id: command.deskId,
          decision: command.decision,
          reason: command.reason,
          operator_label: command.label,
        }),
      )
      console.log(
        command.decision === 'approve'
          ? `Approved desk ${command.deskId}. Its staff can now report items.`
          : `Refused desk ${command.deskId}. Its admin sees the reason at /desk.`,
      )
      return
    case 'show': {
      const rows = check(
        await db
          .from('kept_messages')
          .select('position, sender_role, body, scam_signals, sent_at')
          .eq('report_id', command.reportId)
          .order('position'),
      ) as { sender_role: string | null; body: string; scam_signals: string[]; sent_at: string }[]
      console.log(
        rows.length === 0
          ? 'No kept messages for that report.'
          : rows
              .map(
                (m) =>
                  `${m.sent_at}  ${m.sender_role ?? '?'}: ${m.body}` +
                  (m.scam_signals.length > 0 ? `  [${m.scam_signals.join(', ')}]` : ''),
              )
              .join('\n'),
      )
      return
    }
    case 'act': {
      check(
        await db.rpc('operator_act', {
          report_id: command.reportId,
          action: command.action,
          reason: command.reason,
          operator_label: command.label,
        }),
      )
      console.log(
        `Done: ${command.action} on report ${command.reportId}. The person who reported it has been told.`,
      )
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let command: OperatorCommand
  try {
    command = parseOperatorArgs(process.argv.slice(2), process.env.USER ?? 'unnamed')
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2)
  }
  await main(command)
}
