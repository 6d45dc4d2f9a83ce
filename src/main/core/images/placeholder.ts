/** Served for a team with no image (or one not fetched yet offline): a 32×32 grey disc, PNG. */
export const PLACEHOLDER_PNG: Uint8Array = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAApklEQVR4AcXBSXLDMBRDwQcU73+AbLPOGeGFXOVJosmY8u/Wz+8flUyxxrzQJyY0xoUxYSMGNN4L/xM2osP0hc+FDnMsrBMOmH1hvbDDvArnCU9MMfMonC/cMcXMTfiecGWKmWKmmClmiplippi5Ed8jrkwx80icT9wxxcwrcR7xxOwT64kd5phYRxwwfeJzoqPxntiEOWJAY5zYhD4xoTFPLGSKXQBuLBU3azIIsQAAAABJRU5ErkJggg==',
    'base64',
  ),
)
