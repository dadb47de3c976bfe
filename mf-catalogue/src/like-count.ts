/** A count of likes in the singular or the plural ("1 like", "0 likes", "2 likes"), as English's plural rules say. */
const plural = new Intl.PluralRules('en');

export const likesText = (count: number) => `${count} ${plural.select(count) === 'one' ? 'like' : 'likes'}`;
