/** The version of @campus/shared's page-wide runtime this build provides (tooling/webpack/create-config.cjs defines it). */
declare const __CAMPUS_RUNTIME_VERSION__: string;
