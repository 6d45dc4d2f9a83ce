export { createImageCache } from './image-cache'
export type { CachedImage, ImageCache, ImageCacheOptions } from './image-cache'
export { InvalidImageHashError } from './image-hash'
export { PLACEHOLDER_PNG } from './placeholder'
