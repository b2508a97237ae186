/**
 * Said to people who cannot edit rates when the rates are stale (spec 4), so they know whom to ask
 * rather than being told to do what they cannot (rates.access: Admin, or CAN_ADD_RATES).
 */
export const WHO_CAN_UPDATE_RATES =
  'Only an Admin or a user with the CAN_ADD_RATES permission can update them: ask one of them.';
