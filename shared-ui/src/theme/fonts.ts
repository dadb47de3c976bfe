// Fonts ship with the app (no font CDN offline): Latin subsets only, the weights the kit uses.
import '@fontsource/lato/latin-400.css';
import '@fontsource/lato/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
