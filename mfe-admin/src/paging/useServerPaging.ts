import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@portal/contracts';

/**
 * The page and page size of a list paged on the server. Other filters start again from page 1; when the matching rows
 * shrink below the page shown (an action emptied the last page), the last page there is, not an empty one — state
 * adjusted while rendering, from the answer: React renders again at once, before showing the empty page.
 */
export function useServerPaging(filters: object) {
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1, pageSize: PAGE_SIZE });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const { pageSize } = paging;
  return {
    page,
    limit: pageSize,
    /** Call with the answer's count of all matching rows, while rendering. */
    keepWithin(total: number | undefined) {
      const last = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
      if (last && page > last) setPaging({ filterKey, page: last, pageSize });
    },
    /** The table's pagination for `total` matching rows. */
    pagination(total: number | undefined, phone: boolean): TablePaginationConfig {
      return {
        current: page,
        pageSize,
        total: total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, PAGE_SIZE, 50, MAX_PAGE_SIZE],
        hideOnSinglePage: true,
        size: phone ? 'small' : undefined,
        onChange: (next, size) => setPaging({ filterKey, page: size === pageSize ? next : 1, pageSize: size }),
      };
    },
  };
}
