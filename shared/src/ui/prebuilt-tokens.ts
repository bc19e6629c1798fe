/**
 * The theme's token dictionary, written down by the build: every webpack build replaces this
 * module with the snapshot (tooling/webpack/chakra-prebuilt-tokens-loader.cjs). Where nothing
 * replaces it (jest, tsc), it is undefined and Chakra builds the dictionary itself.
 */
export const PREBUILT_TOKEN_DICTIONARY: string | undefined = undefined;
