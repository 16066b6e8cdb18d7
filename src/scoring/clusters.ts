/** The cluster vocabularies of the score bands: a product's model says which its five bands are named with. */
/** Email and device clusters (the spec's field table wins over its sample). */
export const QUALITY_CLUSTERS = Object.freeze(['poor', 'bad', 'moderate', 'good', 'high'] as const);

/** IP, phone and name clusters. */
export const RISK_CLUSTERS = Object.freeze(['very_low', 'low', 'review', 'high', 'very_high'] as const);
