export declare const WIDGET_DIST: string;
export declare const LOADER: string;
export declare function widgetParts(dist?: string): {
  loader: string;
  /** The chunks the loader brings before first render (the loader itself not included), relative to `dist`. */
  chunksBeforeForm: string[];
  firstRender: string[];
  voice: string[];
  phone: string[];
  later: string[];
  sdkInFirstRender: boolean;
  phoneInFirstRender: boolean;
  laterInFirstRender: boolean;
};
