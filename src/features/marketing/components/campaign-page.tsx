import { Heading, Image, Stack, Text } from '@chakra-ui/react'
import type { Campaign } from '@/features/marketing/campaign-params'

/** A partner campaign's banner, logo, title and description; text is shown as text. */
export function CampaignPage({ campaign }: { campaign: Campaign }) {
  const { bannerUrl, logoUrl, title, description } = campaign
  return (
    <Stack gap="4" maxW="4xl" mx="auto" align="center" textAlign="center">
      {bannerUrl && (
        <Image
          src={bannerUrl}
          alt="Campaign banner"
          w="full"
          maxH="80"
          objectFit="cover"
          borderRadius="l2"
          referrerPolicy="no-referrer"
        />
      )}
      {logoUrl && (
        <Image
          src={logoUrl}
          alt="Campaign logo"
          maxH="24"
          maxW="48"
          objectFit="contain"
          referrerPolicy="no-referrer"
        />
      )}
      {title && (
        <Heading as="h2" size="2xl">
          {title}
        </Heading>
      )}
      {description && (
        <Text fontSize="lg" whiteSpace="pre-line">
          {description}
        </Text>
      )}
    </Stack>
  )
}
