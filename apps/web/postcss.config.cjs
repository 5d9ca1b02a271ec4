// Mantine's mixins and breakpoint variables (e.g. `@mixin smaller-than`) need this preset.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
