/** The Polish finder's page as a Polish phone shows it (src/locales/pl.json). */
export const POLISH = {
  intro: 'Napisz właścicielowi, jak może odzyskać swoją rzecz.',
  inform: 'Powiadom właściciela',
  name: 'IMIĘ I NAZWISKO',
  email: 'E-MAIL',
  phone: 'NUMER TELEFONU',
  address: 'ADRES',
  where: 'GDZIE ZNALAZŁEŚ/-AŚ TĘ RZECZ',
  thanks: 'Dziękujemy!',
}

/** The Polish finder's photos box, position errors, privacy summary and 404 page (src/locales/pl.json). */
export const POLISH_PAGES = {
  shareWhere: 'Udostępnij miejsce znalezienia',
  locationDenied: 'Nie udostępniono lokalizacji: przeglądarka lub telefon odmówiły.',
  photosHeading: 'Dodaj zdjęcia dla właściciela',
  addPhoto: 'Dodaj zdjęcie',
  notAPhoto: 'Tego pliku nie możemy użyć jako zdjęcia. Wybierz zdjęcie JPEG, PNG lub WebP.',
  sentToOwner: 'Wysłano do właściciela',
  photoSent: 'Twoje zdjęcie trafiło do właściciela. Znajdziesz je w czacie.',
  privacyLink: 'informacji o prywatności',
  privacyHeading: 'Jeśli coś znaleziono: Twoje dane',
  privacyDelete: 'naciśnij „Usuń teraz moje dane” w czacie',
  notFound: 'Niestety nie znaleźliśmy tej strony.',
}
