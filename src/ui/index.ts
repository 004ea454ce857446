// The UI kit. Components import nothing of ours but `src/contracts`.
export { Alert, AlertDescription, AlertTitle } from "./alert/Alert.tsx";
export { Avatar } from "./avatar/Avatar.tsx";
export { Badge, badgeVariants, RoleBadge, TierBadge } from "./badge/Badge.tsx";
export { Button, type ButtonProps, buttonVariants } from "./button/Button.tsx";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card/Card.tsx";
export { BarChart, type BarDatum, MAX_BARS } from "./charts/BarChart.tsx";
export { DonutChart, MAX_LEGEND } from "./charts/DonutChart.tsx";
export { LineChart, type LineSeries } from "./charts/LineChart.tsx";
export { cn } from "./cn.ts";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog/Dialog.tsx";
export { EmptyState } from "./empty-state/EmptyState.tsx";
export { ImageWithFallback } from "./image-with-fallback/ImageWithFallback.tsx";
export { Input } from "./input/Input.tsx";
export { Label } from "./label/Label.tsx";
export { MetricCard } from "./metric-card/MetricCard.tsx";
export { PremiumLock } from "./premium-lock/PremiumLock.tsx";
export { Progress } from "./progress/Progress.tsx";
export { ScrollArea } from "./scroll-area/ScrollArea.tsx";
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "./select/Select.tsx";
export { Skeleton } from "./skeleton/Skeleton.tsx";
export { Spinner } from "./spinner/Spinner.tsx";
export { StatusDot } from "./status-dot/StatusDot.tsx";
export { Switch } from "./switch/Switch.tsx";
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table/Table.tsx";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs/Tabs.tsx";
export { Toaster } from "./toast/Toaster.tsx";
export { dismissToast, type ToastInput, toast, useToast } from "./toast/toast-store.ts";
export { Tooltip, TooltipProvider } from "./tooltip/Tooltip.tsx";
