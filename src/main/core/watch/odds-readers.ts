/**
 * How each odds stream reads a frame: the wire decoder and, for the updates stream, the price fast
 * path that also proves a frame free of forbidden keys (so it skips the text scan). In one place,
 * so the watch engine and the ingest bench's checked reader read frames exactly alike.
 */
import {
  isPlainPriceMessage,
  OverridesStreamMessage,
  UPDATE_MESSAGE_TYPES,
  UpdatesMessage,
  type OverrideMessage,
} from '../../../shared/wire/odds'
import { malformed, typedDecoder } from '../streams/decode'
import type { FrameReader } from '../streams/live-stream'

const decodeOverrideMessage = typedDecoder(OverridesStreamMessage, ['override', 'heartbeat'])

export const UPDATES_READER: FrameReader<UpdatesMessage> = {
  decode: typedDecoder(UpdatesMessage, UPDATE_MESSAGE_TYPES),
  provenSafe: isPlainPriceMessage,
}

/** Override times arrive as ISO strings: checked here, once; an unreadable one is malformed. A heartbeat reads as null. */
export const OVERRIDES_READER: FrameReader<OverrideMessage | null> = {
  decode: (json) => {
    const d = decodeOverrideMessage(json)
    if (!d.ok) return d
    if (d.value.type === 'heartbeat') return { ok: true, value: null }
    if (Number.isNaN(Date.parse(d.value.setAt)) || Number.isNaN(Date.parse(d.value.expiresAt)))
      return malformed('bad override time')
    return { ok: true, value: d.value }
  },
}
