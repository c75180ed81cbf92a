import { AspectRatio, Box } from '@chakra-ui/react'
import { directionOf, htmlLangOf, localeOfHtmlLang, SOURCE_LOCALE } from '@/lib/i18n/locales'
import { useLocale, useT } from '@/lib/i18n/use-t'

type ClickToLoadVideoProps = { videoId: string; title: string }

/** The player URL; youtube-nocookie sets no cookies until the video plays. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * An embedded video that makes no third-party request until the visitor clicks:
 * the frame first shows our own poster (inline HTML, no network), whose play link
 * then loads the player inside the same frame. The poster speaks the page's language
 * (the finder meets it on /how-to-scan).
 */
export function ClickToLoadVideo({ videoId, title }: ClickToLoadVideoProps) {
  const t = useT()
  const locale = localeOfHtmlLang(useLocale()) ?? SOURCE_LOCALE
  const poster = `<!doctype html><html lang="${htmlLangOf(locale)}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><style>
html,body{height:100%;margin:0}
a{display:flex;height:100%;flex-direction:column;align-items:center;justify-content:center;gap:12px;
background:#155f6e;color:#fff;font:600 18px/1.4 Inter,system-ui,sans-serif;text-decoration:none}
a:focus-visible{outline:4px solid #fff;outline-offset:-8px}
span.play{display:grid;place-items:center;width:72px;height:72px;border-radius:50%;background:#1e889c;font-size:32px}
small{font-weight:400;font-size:14px;opacity:.9}
</style></head><body><a href="${escapeHtml(youtubeEmbedUrl(videoId))}" target="_self">
<span class="play" aria-hidden="true">&#9654;</span>${escapeHtml(t('video.play', { title }))}
<small>${escapeHtml(t('video.loadsFromYouTube'))}</small></a></body></html>`
  return (
    <Box borderRadius="l2" overflow="hidden" bg="brand.800">
      <AspectRatio ratio={16 / 9}>
        <iframe
          title={t('video.frameTitle', { title })}
          srcDoc={poster}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0 }}
        />
      </AspectRatio>
    </Box>
  )
}
