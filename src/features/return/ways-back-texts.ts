/** The owner's postal address from their profile, one line each, for one-tap sharing. */
export function postalAddressFrom(
  profile:
    | {
        full_name?: string | null
        address?: string | null
        county?: string | null
        country?: string | null
      }
    | null
    | undefined,
): string {
  if (!profile) return ''
  return [profile.full_name, profile.address, profile.county, profile.country]
    .map((line) => line?.trim() ?? '')
    .filter((line, index, lines) => line !== '' && lines.indexOf(line) === index)
    .join('\n')
}
