/** The SecondFactorReset list of AdminModule: every store of second factors, empty until one exists. */
export const SECOND_FACTOR_RESETS = Symbol('gatehouse.auth.secondFactorResets');
