// Portuguese (português, European usage). Written with care, not yet read by a native speaker: check before relying on it.
import type { FinderEmailMessages } from './messages.ts'

export const pt: FinderEmailMessages = {
  htmlLang: 'pt',
  dir: 'ltr',
  needsNativeCheck: true,
  item: '{name}',
  itemFallback: 'o objeto',
  openChat: 'Abrir o chat',
  orOpenLink: 'Ou abra este link:',
  tagline: 'perdidos e achados com etiquetas NFC',
  deleteMyDetails: 'Apagar os meus dados agora',
  whereFound: 'Onde foi encontrado',
  thanksHeadingNamed: 'Obrigado, {name}!',
  thanksHeading: 'Obrigado!',
  days: { one: '{count} dia', many: '{count} de dias', other: '{count} dias' },
  promise:
    'Os seus dados são apagados {afterFound} depois de o proprietário marcar o objeto como encontrado, ou {afterReport} depois da sua comunicação, se não o fizer.',
  reportSubject: 'Obrigado por comunicar um objeto encontrado',
  reportPreheader: 'O proprietário já sabe onde está o seu objeto.',
  reportIntro: 'O proprietário de {item} foi avisado. Pode falar com ele no chat.',
  newLinkSubject: 'O seu novo link para o chat',
  newLinkPreheader: 'O seu novo link para o chat com o proprietário.',
  newLinkHeading: 'O seu novo link para o chat',
  newLinkIntro:
    'Aqui tem um novo link para o seu chat sobre {item}. Os links anteriores já não funcionam.',
  returnedSubject: '{item} já está em casa: obrigado',
  returnedPreheader: '{item} já está em casa. Obrigado pela sua ajuda.',
  returnedIntro:
    '{item} já está em casa: o proprietário marcou-o como devolvido. Obrigado por ajudar a encontrar o caminho de volta. A sua conversa com o proprietário está agora fechada.',
  returnedDeletedOn: 'Os seus dados serão apagados a {date}.',
  returnedDeletedSoon: 'Os seus dados serão apagados no prazo de 7 dias.',
  closedSubject: 'A conversa sobre o objeto que encontrou foi fechada',
  closedPreheader: 'A conversa sobre o objeto que encontrou foi fechada.',
  closedHeading: 'A conversa está fechada',
  closedIntro:
    'O proprietário de {item} fechou a conta Homeward, por isso a vossa conversa foi fechada. Obrigado pela ajuda.',
  closedAfter:
    'Os seus dados foram apagados. Assim que este e-mail for enviado, apagamos também o seu endereço.',
}
