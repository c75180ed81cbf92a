/** Animation features for LazyMotion, loaded after the chat has rendered. */
export { domAnimation as default } from 'framer-motion'
