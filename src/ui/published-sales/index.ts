export { datedProvenance, PublishedSalesCard, publishedUnits } from "./PublishedSalesCard.tsx";
