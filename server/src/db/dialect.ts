/** The databases Spar runs on; its own module so the migrations need not import the opener. */
export type DialectName = 'sqlite' | 'postgres';
