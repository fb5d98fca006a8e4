/** A goods receive note's own page (a link other features make too, without the list's code). */
export const receiptUrl = (id: string) => `/goods-receive-note/view?id=${id}`;
