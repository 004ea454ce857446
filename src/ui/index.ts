// The UI kit. Components import nothing of ours but `src/contracts`.
export { Alert, AlertDescription, AlertTitle } from "./alert/index.ts";
export { Avatar } from "./avatar/index.ts";
export { Badge, badgeVariants, RoleBadge, TierBadge } from "./badge/index.ts";
export { Button, type ButtonProps, buttonVariants } from "./button/index.ts";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card/index.ts";
export {
  BarChart,
  type BarDatum,
  DonutChart,
  LineChart,
  type LineSeries,
  MAX_BARS,
  MAX_LEGEND,
} from "./charts/index.ts";
export { cn } from "./cn.ts";
export { ColumnPicker, type PickableColumn } from "./column-picker/index.ts";
export { Combobox, type ComboboxOption } from "./combobox/index.ts";
export { CorrectedQuery } from "./corrected-query/index.ts";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog/index.ts";
export { EmptyState } from "./empty-state/index.ts";
export { compactFigure, EstimatesPanel } from "./estimates-panel/index.ts";
export { type CsvData, downloadFile, ExportCsvButton } from "./export/index.ts";
export { FilterBar, type FilterField, type FilterValues } from "./filter-bar/index.ts";
export { ImageWithFallback } from "./image-with-fallback/index.ts";
export { Input } from "./input/index.ts";
export { Label } from "./label/index.ts";
export { MetricCard } from "./metric-card/index.ts";
export { PremiumLock } from "./premium-lock/index.ts";
export { Progress } from "./progress/index.ts";
export { datedProvenance, PublishedSalesCard, publishedUnits } from "./published-sales/index.ts";
export { isRange, RANGES, type Range, RangeSelector, rangeStart } from "./range-selector/index.ts";
export { ScrollArea } from "./scroll-area/index.ts";
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "./select/index.ts";
export { SeriesChart, seriesToCsv, type TimeSeries } from "./series-chart/index.ts";
export { Skeleton } from "./skeleton/index.ts";
export { describeAsOf, SourceNote } from "./source-note/index.ts";
export { Spinner } from "./spinner/index.ts";
export { StatusDot } from "./status-dot/index.ts";
export { Switch } from "./switch/index.ts";
export type { DataColumn } from "./table/index.ts";
export { DataTable, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table/index.ts";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs/index.ts";
export { dismissToast, Toaster, type ToastInput, toast, useToast } from "./toast/index.ts";
export { Tooltip, TooltipProvider } from "./tooltip/index.ts";
