import { isHttpUrl } from '@/lib/env'

export type Campaign = {
  logoUrl?: string
  title?: string
  description?: string
  bannerUrl?: string
}

function text(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim()
  return value ? value : undefined
}

/** Only absolute http(s) URLs: a javascript:, data: or relative value is dropped. */
function imageUrl(params: URLSearchParams, name: string): string | undefined {
  const value = text(params, name)
  return value && isHttpUrl(value) ? value : undefined
}

/** /campaign?logo-url&title&description&banner (SPEC.md §2); a missing value stays missing. */
export function parseCampaign(params: URLSearchParams): Campaign {
  return {
    logoUrl: imageUrl(params, 'logo-url'),
    title: text(params, 'title'),
    description: text(params, 'description'),
    bannerUrl: imageUrl(params, 'banner'),
  }
}
