/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tile URL template; OpenStreetMap when unset. */
  readonly VITE_TILE_URL?: string;
}
