export declare const testChromium: (env?: NodeJS.ProcessEnv) => string;
export declare const CHROMIUM: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const OFFLINE: string;
