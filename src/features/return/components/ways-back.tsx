import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { shareFoundLocation } from '@/lib/share-found-location'
import { MapPointLinks } from '@/components/ui/map-point-links'
import { ShareLocationButton } from '@/components/ui/share-location-button'
import { askForPostalAddress } from '@/features/return/api/ask-for-postal-address'
import { HandInForm } from '@/features/return/components/hand-in-form'
import { PostalAddressShare } from '@/features/return/components/postal-address-share'
import type { ChatRole } from '@/lib/chat/types'
import { useWaysBack } from '@/features/return/use-ways-back'
import { finderRefusal } from '@/features/return/finder-refusal'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import type { ReturnOption } from '@/lib/return-options'

/** The ways back the owner accepts, in the finder's words. */
const FINDER_OPTION_TEXT: Record<ReturnOption, MessageId> = {
  meet: msgId('ways.option.meet'),
  hand_in: msgId('ways.option.handIn'),
  post: msgId('ways.option.post'),
}

/** The same, in the owner's (the owner's catalog). */
const OWNER_OPTION_TEXT: Record<ReturnOption, MessageId> = {
  meet: msgId('ownerReturn.option.meet'),
  hand_in: msgId('ownerReturn.option.handIn'),
  post: msgId('ownerReturn.option.post'),
}

/** The finder's name, or "the finder", and the same with a capital to start a sentence. */
function useFinderNames(finderFirstName: string | null | undefined) {
  const t = useT()
  const finder = finderFirstName?.trim() || t('ownerReturn.theFinder')
  return { finder, Finder: finder.charAt(0).toUpperCase() + finder.slice(1) }
}

type WaysBackProps = {
  chatId: string
  role: ChatRole
  finderFirstName: string | null | undefined
  isClosed: boolean
}

/**
 * Ways back without meeting, and where it is: the ways the owner accepts, the
 * finder's choice (handed in at a named place, or post it back), the postal
 * address the owner shares with this finder only, and where it was found.
 */
export function WaysBackPanel({ chatId, role, finderFirstName, isClosed }: WaysBackProps) {
  const { waysBack, refresh } = useWaysBack(chatId)
  const t = useT()
  const { finder, Finder } = useFinderNames(finderFirstName)
  if (!waysBack) return null
  const { options, foundAt, returns } = waysBack
  const isFinder = role === 'finder'
  const canAct = !isClosed

  return (
    <Box as="section" aria-labelledby="ways-back-heading" borderWidth="1px" borderRadius="l2" p="4">
      <Stack gap="3">
        <Heading as="h3" size="sm" id="ways-back-heading">
          {isFinder ? t('ways.heading') : t('ownerReturn.heading')}
        </Heading>
        {options.length > 0 ? (
          <Stack gap="1">
            <Text fontSize="sm">
              {isFinder ? t('ways.ownerAccepts') : t('ownerReturn.youAccept')}
            </Text>
            <Stack as="ul" gap="1" ps="4" fontSize="sm">
              {options.map((option) => (
                <li key={option}>
                  {t((isFinder ? FINDER_OPTION_TEXT : OWNER_OPTION_TEXT)[option])}
                </li>
              ))}
            </Stack>
          </Stack>
        ) : (
          <Text fontSize="sm">
            {isFinder ? t('ways.agreeInMessages') : t('ownerReturn.agreeInMessages')}
          </Text>
        )}

        {foundAt ? (
          <MapPointLinks
            point={foundAt}
            {...(isFinder
              ? {
                  label: t('ways.foundAt'),
                  words: { osm: t('ways.openOsm'), app: t('ways.openMapApp') },
                }
              : {
                  label: t('ownerReturn.foundAt'),
                  words: { osm: t('ownerReturn.openOsm'), app: t('ownerReturn.openMapApp') },
                })}
          />
        ) : (
          !isFinder && (
            <Text fontSize="sm">{t('ownerReturn.notSharedWhere', { finder: Finder })}</Text>
          )
        )}
        {isFinder && canAct && (
          <ShareLocationButton
            onPosition={async (position) => {
              try {
                await shareFoundLocation(chatId, position)
              } catch (caught) {
                throw new Error(t(finderRefusal(caught)), { cause: caught })
              }
              refresh()
            }}
          >
            {foundAt ? t('ways.shareFoundAgain') : t('found.position.share')}
          </ShareLocationButton>
        )}

        <HandedInNotice returns={returns} isFinder={isFinder} Finder={Finder} />
        {isFinder && canAct && options.includes('hand_in') && (
          <HandInForm chatId={chatId} onDone={refresh} />
        )}

        <PostItBack
          chatId={chatId}
          isFinder={isFinder}
          canAct={canAct}
          options={options}
          returns={returns}
          finder={finder}
          onDone={refresh}
        />
      </Stack>
    </Box>
  )
}

type Returns = NonNullable<ReturnType<typeof useWaysBack>['waysBack']>['returns']

/** Where the finder handed the item in, with its pin if they shared one. */
function HandedInNotice({
  returns,
  isFinder,
  Finder,
}: {
  returns: Returns
  isFinder: boolean
  Finder: string
}) {
  const t = useT()
  if (!returns?.handed_in_at || !returns.hand_in_place) return null
  return (
    <Stack
      gap="1"
      role="status"
      aria-label={isFinder ? t('ways.handedIn') : t('ownerReturn.handedIn')}
    >
      <Text fontWeight="semibold">
        {isFinder
          ? t('ways.youHandedIn', { place: returns.hand_in_place })
          : t('ownerReturn.finderHandedIn', { finder: Finder, place: returns.hand_in_place })}
      </Text>
      {returns.hand_in_latitude !== null && returns.hand_in_longitude !== null && (
        <MapPointLinks
          {...(isFinder
            ? { label: t('ways.pin'), words: { osm: t('ways.openOsm'), app: t('ways.openMapApp') } }
            : {
                label: t('ownerReturn.pin'),
                words: { osm: t('ownerReturn.openOsm'), app: t('ownerReturn.openMapApp') },
              })}
          point={{
            latitude: returns.hand_in_latitude,
            longitude: returns.hand_in_longitude,
            accuracy: returns.hand_in_accuracy_m,
          }}
        />
      )}
    </Stack>
  )
}

type PostItBackProps = {
  chatId: string
  isFinder: boolean
  canAct: boolean
  options: string[]
  returns: Returns
  finder: string
  onDone: () => void
}

/**
 * Posting it back: the finder asks for a postal address, the owner shares theirs
 * with this finder only, and both then see it.
 */
function PostItBack({
  chatId,
  isFinder,
  canAct,
  options,
  returns,
  finder,
  onDone,
}: PostItBackProps) {
  const t = useT()
  const [isAsking, setIsAsking] = useState(false)
  const [error, setError] = useState<MessageId | null>(null)
  const Finder = finder.charAt(0).toUpperCase() + finder.slice(1)
  const sharedAddress = returns?.postal_address ?? null
  const refresh = onDone

  const ask = async () => {
    setIsAsking(true)
    setError(null)
    try {
      await askForPostalAddress(chatId)
      refresh()
    } catch (caught) {
      setError(finderRefusal(caught))
    } finally {
      setIsAsking(false)
    }
  }

  return (
    <>
      {sharedAddress !== null && (
        <Stack
          gap="1"
          aria-label={isFinder ? t('ways.postalAddress') : t('ownerReturn.postalAddress')}
        >
          <Text fontWeight="semibold">
            {isFinder ? t('ways.ownersAddress') : t('ownerReturn.yourAddressShared', { finder })}
          </Text>
          <Text whiteSpace="pre-line">{sharedAddress}</Text>
        </Stack>
      )}
      {isFinder &&
        canAct &&
        options.includes('post') &&
        sharedAddress === null &&
        // Handed in already: there is nothing to post.
        !returns?.handed_in_at && (
          <HStack>
            {returns?.post_requested_at ? (
              <Text fontSize="sm">{t('ways.askedForAddress')}</Text>
            ) : (
              <Button
                size="sm"
                variant="outline"
                colorPalette="teal"
                loading={isAsking}
                onClick={() => void ask()}
              >
                {t('ways.postItBack')}
              </Button>
            )}
          </HStack>
        )}
      {!isFinder && returns?.post_requested_at && sharedAddress === null && (
        <Text fontSize="sm">{t('ownerReturn.offersToPost', { finder: Finder })}</Text>
      )}
      {/* A shared address can be withdrawn at any time, closed or not. */}
      {!isFinder &&
        (sharedAddress !== null ||
          (canAct && (options.includes('post') || returns?.post_requested_at))) && (
          <PostalAddressShare
            chatId={chatId}
            finder={finder}
            sharedAddress={sharedAddress}
            onDone={refresh}
          />
        )}
      <FormMessage message={error && t(error)} />
    </>
  )
}
