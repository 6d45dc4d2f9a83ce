export { createImageCache } from './image-cache'
export type { CachedImage, ImageCache, ImageCacheOptions } from './image-cache'
export {
  InvalidImageHashError,
  isValidImageHash,
  parseImageRequestUrl,
  TEAM_IMAGE_SCHEME,
  teamImageUrl,
} from './image-hash'
export type { ImageRequest } from './image-hash'
export { PLACEHOLDER_PNG } from './placeholder'
