import {
  type ComponentProps,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { cn } from "../cn.ts";

/**
 * A table in a container that scrolls sideways when it is wider than its place. `scrollHint`: a line
 * said above it, and describing it, while some of its columns are out of sight (Compare's five games
 * side by side). Above: under the screener's 50 rows a phone user never saw it (review 23).
 * While it scrolls, the container is a region named after the table that the keyboard can reach
 * (Tab to it, then the arrow keys scroll it); a table that fits adds no tab stop (review r29-c #10).
 */
export function Table({
  className,
  scrollHint,
  "aria-describedby": describedBy,
  ...props
}: ComponentProps<"table"> & { scrollHint?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(container);
  const hintId = useId();
  const hint = scrollHint && overflows;
  return (
    <>
      {hint && (
        <p id={hintId} data-slot="table-scroll-hint" className="px-3 py-1 text-muted-foreground text-xs">
          {scrollHint}
        </p>
      )}
      <div
        ref={container}
        data-slot="table-container"
        className="relative w-full overflow-x-auto"
        {...(overflows && {
          tabIndex: 0,
          role: "region",
          "aria-label": props["aria-label"] ?? "Table, scrolls sideways",
        })}
      >
        <table
          data-slot="table"
          // The hint adds to a caller's description rather than replacing it (review 24, item 10).
          aria-describedby={[hint && hintId, describedBy].filter(Boolean).join(" ") || undefined}
          className={cn("w-full caption-bottom text-sm", className)}
          {...props}
        />
      </div>
    </>
  );
}

/** Whether the element is wider inside than its box (some of it scrolled out of sight), kept current. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}
export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}
export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn("border-b transition-colors hover:bg-muted/50", className)}
      {...props}
    />
  );
}
export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return (
    <td data-slot="table-cell" className={cn("whitespace-nowrap p-3 align-middle", className)} {...props} />
  );
}

/** One column of a DataTable: its header, how a row fills its cell, and optional cell classes. */
export interface DataColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string | ((row: Row) => string | undefined);
  /** `right` for numbers: the header and the cells line up on the right (the header stood left of its figures). */
  align?: "left" | "right";
}

/** A table described by its columns: the screens' read-only lists of games, genres and regions. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  ...props
}: {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Passed on to Table: said while some columns are out of sight. */
  scrollHint?: string;
} & Omit<ComponentProps<"table">, "children">) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            // Columns are a fixed list per table, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableHead key={i} className={column.align === "right" ? "text-right" : undefined}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column, i) => (
              <TableCell
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
                key={i}
                className={cn(
                  column.align === "right" && "text-right",
                  typeof column.className === "function" ? column.className(row) : column.className,
                )}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
