/// <reference types="@rsbuild/core/types" />
// Rsbuild's ambient types: `import.meta.env`, and CSS/asset imports as modules.
