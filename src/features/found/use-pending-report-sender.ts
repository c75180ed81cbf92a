import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useAtom, useAtomValue, useStore } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { pendingReportAtom } from '@/features/found/pending-report'
import { pendingStatusAtom, retryRequestAtom } from '@/features/found/pending-report-flag'
import { sendPendingReport } from '@/features/found/send-pending-report'

/**
 * Waits between attempts while there is no connection: 10 s, doubling up to 5 min
 * (a phone in a dead spot should not spend its battery). The browser's `online`
 * event tries at once and starts the series again.
 */
export const RETRY_DELAYS_MS = [10_000, 20_000, 40_000, 80_000, 160_000, 300_000] as const

/**
 * Attempts while the browser says it is online but nothing answers (a weak
 * connection, or our service down): after the 4th (about 70 s) the sender stops and
 * says so; the finder's 'Try again', or the connection coming back, starts again.
 */
export const UNREACHABLE_ATTEMPTS = 4

const delayAfter = (failures: number) =>
  RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 300_000

/**
 * Sends the report kept on this device, on whatever page the finder is: at once,
 * when the connection returns and periodically meanwhile. Once it is sent, the
 * finder lands on /found/thank-you as after a normal report.
 */
export function usePendingReportSender(): void {
  const store = useStore()
  const navigate = useNavigate()
  const key = useAtomValue(pendingReportAtom)?.key
  const [status, setStatus] = useAtom(pendingStatusAtom)
  const retryRequest = useAtomValue(retryRequestAtom)

  useEffect(() => {
    if (status !== 'sent') return
    setStatus('sending')
    void navigate(paths.foundThankYou)
  }, [navigate, setStatus, status])

  useEffect(() => {
    if (!key) return
    let isStopped = false
    let failures = 0
    let unreachable = 0
    let timer: ReturnType<typeof setTimeout> | undefined

    const attempt = async () => {
      clearTimeout(timer)
      const outcome = await sendPendingReport(store, key)
      if (isStopped) return
      if (outcome === 'unreachable') {
        unreachable += 1
        if (unreachable >= UNREACHABLE_ATTEMPTS) {
          store.set(pendingStatusAtom, 'stopped')
          return
        }
      }
      if (outcome === 'offline' || outcome === 'busy' || outcome === 'unreachable') {
        clearTimeout(timer)
        timer = setTimeout(() => void attempt(), delayAfter(failures))
        failures += 1
      }
    }
    const onOnline = () => {
      failures = 0
      unreachable = 0
      void attempt()
    }

    window.addEventListener('online', onOnline)
    void attempt()
    return () => {
      isStopped = true
      clearTimeout(timer)
      window.removeEventListener('online', onOnline)
    }
    // retryRequest: a new series at once when the finder asks for it.
  }, [key, store, retryRequest])
}
