import type { Resolvers } from '../../generated/resolvers.ts';

/** How every server-described list is shown: headers and options, for any resource. */
export const listResolvers: Resolvers = {
  TableHeader: {
    text: (header) => header.text,
    value: (header) => header.value,
    align: (header) =>
      header.align === 'center' ? 'CENTER' : header.align === 'end' ? 'END' : 'START',
    sortable: (header) => header.sortable ?? true,
  },
  TableOptions: {
    itemKey: (options) => options.ItemKey,
    itemsPerPage: (options) => options.ItemsPerPage,
    itemsPerPageOptions: (options) => {
      const raw = options.FooterProps['items-per-page-options'];
      const sizes = Array.isArray(raw)
        ? raw.filter((size): size is number => Number.isInteger(size))
        : [];
      return sizes.length ? sizes : [options.ItemsPerPage];
    },
    singleSelect: (options) => options.SingleSelectFlag,
    showSelect: (options) => options.ShowSelectFlag,
    downloadable: (options) => options.DownloadFlag,
    excelFileName: (options) => options.ExcelFileName,
    excelFields: (options) =>
      Object.entries(options.ExcelFields)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, field]) => field),
    branchSelect: (options) => options.BranchFlag ?? false,
  },
};
