import { Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { StoredPhoto } from '@/components/ui/stored-photo'
import { useAtomValue } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { stateAtom } from '@/lib/store'
import { listCaseLinks, type CaseLinkRow } from '@/features/case-links/api/list-case-links'
import { caseLinkRefusal } from '@/features/case-links/api/case-link-words'
import { caseLinkUrl } from '@/features/case-links/case-link-url'
import { QrCode } from '@/features/case-links/components/qr-code'
import type { MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

/** One A4 page: no app header, footer or buttons on paper. */
const PRINT_CSS = `
@page { size: A4 portrait; margin: 15mm; }
@media print {
  body { background: #fff !important; }
  header, footer, nav, [data-print="hide"] { display: none !important; }
  [data-print="sheet"] { break-inside: avoid; page-break-inside: avoid; border: 0 !important; }
}
`

function Sheet({
  link,
  itemName,
  tagCode,
  photoPath,
}: {
  link: CaseLinkRow & { token: string }
  itemName: string
  tagCode: string
  photoPath: string | null
}) {
  const t = useT()
  const url = caseLinkUrl(link.token)
  return (
    <Box
      data-print="sheet"
      aria-label={t('caseLinks.sheet.label')}
      role="region"
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      color="black"
      p="6"
      maxW="190mm"
    >
      <Stack gap="4">
        <Text fontSize="sm" textTransform="uppercase" letterSpacing="wider">
          {t('caseLinks.sheet.kicker')}
        </Text>
        <Heading as="h1" size="2xl">
          {itemName}
        </Heading>
        <HStack gap="6" align="start" flexWrap="wrap">
          {photoPath && (
            <StoredPhoto
              bucket="item-photos"
              path={photoPath}
              alt={t('caseLinks.photoOf', { item: itemName })}
              size="48"
            />
          )}
          <Stack gap="2">
            <Text fontWeight="semibold">{t('caseLinks.tagId')}</Text>
            <Text fontFamily="mono" fontSize="2xl" data-testid="sheet-tag-id">
              {tagCode}
            </Text>
            <Text fontWeight="semibold">{t('caseLinks.sheet.for')}</Text>
            <Text>{link.label}</Text>
          </Stack>
        </HStack>
        <HStack gap="6" align="center" flexWrap="wrap">
          <QrCode text={url} label={t('caseLinks.sheet.qr', { label: link.label })} size={180} />
          <Stack gap="2" maxW="90mm">
            <Text fontWeight="semibold">{t('caseLinks.sheet.scan')}</Text>
            <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
              {url}
            </Text>
            <Text fontSize="sm">
              {t('caseLinks.sheet.worksUntil', {
                date: new Date(link.expires_at).toLocaleDateString('en-GB', { dateStyle: 'long' }),
              })}
            </Text>
          </Stack>
        </HStack>
      </Stack>
    </Box>
  )
}

/** /case-sheet?itemId=…&caseLinkId=…: a printable sheet of one working case link. */
export function CaseSheetPage() {
  const t = useT()
  const [searchParams] = useSearchParams()
  const itemId = searchParams.get('itemId') ?? ''
  const caseLinkId = searchParams.get('caseLinkId') ?? ''
  const { items = [] } = useAtomValue(stateAtom)
  const item = items.find((candidate) => candidate.id === itemId)
  const [links, setLinks] = useState<CaseLinkRow[] | null>(null)
  const [error, setError] = useState<MessageId | null>(null)

  useEffect(() => {
    if (!itemId) return
    const controller = new AbortController()
    listCaseLinks(itemId, controller.signal).then(setLinks, (refusal: unknown) => {
      if (!controller.signal.aborted) setError(caseLinkRefusal(refusal))
    })
    return () => controller.abort()
  }, [itemId])

  const link = links?.find((candidate) => candidate.case_link_id === caseLinkId)
  const back = `${paths.caseLinks}?itemId=${encodeURIComponent(itemId)}`

  return (
    <Stack gap="4" w="full" align="start">
      <style>{PRINT_CSS}</style>
      <HStack gap="2" data-print="hide">
        <Button asChild variant="outline" size="sm">
          <RouterLink to={back}>{t('caseLinks.sheet.back')}</RouterLink>
        </Button>
        {link?.token && (
          <Button colorPalette="teal" size="sm" onClick={() => window.print()}>
            {t('caseLinks.sheet.print')}
          </Button>
        )}
      </HStack>
      <FormMessage message={error && t(error)} />
      {!item && <Text>{t(caseLinkRefusal(new Error('item_not_found')))}</Text>}
      {item && links === null && !error && <Spinner aria-label={t('caseLinks.sheet.loading')} />}
      {item && links && !link?.token && <Text role="alert">{t('caseLinks.sheet.gone')}</Text>}
      {item && link?.token && (
        <Sheet
          link={{ ...link, token: link.token }}
          itemName={item.name}
          tagCode={item.tag_code}
          photoPath={item.photo_path}
        />
      )}
    </Stack>
  )
}
