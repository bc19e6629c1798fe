/** Jest's reporters: the default, and the timings reporter while TEST_TIMINGS_FILE is set (jest-reporter.cjs). */
module.exports = ['default', ...(process.env.TEST_TIMINGS_FILE ? [require.resolve('./jest-reporter.cjs')] : [])];
