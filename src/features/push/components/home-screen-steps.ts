/** iPhone and iPad: only a web app on the Home Screen receives pushes (iOS 16.4 or later). */
export const HOME_SCREEN_STEPS =
  'To get alerts on your iPhone or iPad, add Homeward to your Home Screen first: tap the Share button, choose “Add to Home Screen”, then open Homeward from your Home Screen and turn notifications on there. This needs iOS 16.4 or later.'
