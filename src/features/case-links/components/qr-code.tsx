import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/**
 * A QR code of `text` as an SVG of its dark modules (error correction M, a quiet
 * zone of four modules), drawn by React: no HTML strings.
 */
export function QrCode({
  text,
  label,
  size = 200,
}: {
  text: string
  label: string
  size?: number
}) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M')
    code.addData(text)
    code.make()
    const modules = code.getModuleCount()
    let d = ''
    for (let row = 0; row < modules; row += 1) {
      for (let col = 0; col < modules; col += 1) {
        if (code.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`
      }
    }
    return { count: modules + 8, path: d }
  }, [text])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
