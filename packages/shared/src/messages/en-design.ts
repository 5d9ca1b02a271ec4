import type { DesignMessages } from './ja-design';

/** English of ja-design.ts. */
export const enDesign: DesignMessages = {
  validation: {
    design_color: 'Give colours as #rrggbb',
    design_shape: 'Choose the shape again',
    design_logo: 'Choose the logo picture again',
    design_logo_size: 'Choose the logo size again',
    design_cta: 'Choose the call to action again',
    design_inverted:
      'The code would not scan: the pattern must be darker than the background (inverted colours are not allowed)',
    design_contrast:
      'The code would not scan: the pattern and background colours are too close (contrast ratio at least 4.5)',
    design_logo_capacity:
      'A logo raises error correction, which leaves less room for content (1663 bytes with a small logo, 1273 with a large one). Shorten the content or remove the logo',
    design_logo_guest: 'Sign in to put a logo in a code',
    style_name_required: 'Please enter a style name',
    style_name_too_long: 'Style names are at most 32 characters',
  },
  errors: {
    styles_limit: 'You can keep up to 20 styles. Delete one you no longer need',
    style_name_taken: 'A style with this name already exists',
    logo_pictures_limit: 'You can upload up to 20 logo pictures. Delete one you no longer use, then upload',
    logo_picture_in_use:
      'A picture that QR codes use as their logo cannot be deleted. Change those codes’ logo first',
    logo_picture_in_use_count: 'QR codes with this picture as their logo: {0}',
  },
};
