import { z } from "zod";
import type { StoreOffer } from "../../contracts/sources.ts";
import { type BaseOverrides, baseUrl, limiterFor, requestJson, SourceError, validEach } from "./http.ts";
import { plainName } from "./plain-text.ts";

/**
 * GOG's public catalog with prices and discounts (no key). The answer is undocumented: parsing keeps
 * to the fields below, and a record without them is skipped.
 */

const Money = z.object({ amount: z.string(), currency: z.string().optional() });
const Product = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string().min(1),
  slug: z.string().optional(),
  storeLink: z.string().optional(),
  coverHorizontal: z.string().optional(),
  price: z
    .object({
      final: z.string().optional(),
      finalMoney: Money.optional(),
      baseMoney: Money.optional(),
      discount: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export class GogClient {
  readonly limiter = limiterFor("gog");
  constructor(private readonly config: { bases?: BaseOverrides } = {}) {}

  /** One page of the catalog (most popular first), prices in USD. */
  async catalog(page = 1, limit = 48): Promise<StoreOffer[]> {
    const params = new URLSearchParams({
      limit: String(limit),
      page: String(page),
      order: "desc:trending",
      productType: "in:game",
      countryCode: "US",
      currencyCode: "USD",
    });
    const body = (await requestJson(
      `${baseUrl("gog", this.config.bases)}/v1/catalog?${params}`,
      {},
      { service: "gog", limiter: this.limiter },
    )) as { products?: unknown } | null;
    if (body?.products === undefined) throw new SourceError("gog", "the catalog answer was not understood");
    return validEach("gog", body.products, Product, toOffer, "offers");
  }
}

const amount = (m: z.output<typeof Money> | undefined) => {
  const n = m ? Number(m.amount) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
};

function toOffer(p: z.output<typeof Product>): StoreOffer {
  const final = amount(p.price?.finalMoney);
  const base = amount(p.price?.baseMoney);
  // GOG writes the discount as "-75%".
  const discount = p.price?.discount
    ? Math.abs(Number.parseInt(p.price.discount.replace(/[^\d-]/g, ""), 10))
    : 0;
  return {
    store: "GOG",
    id: String(p.id),
    title: plainName(p.title),
    price: final,
    originalPrice: base,
    discountPercent: discount || null,
    free: final === 0,
    imageUrl: p.coverHorizontal ?? null,
    url: p.storeLink ?? (p.slug ? `https://www.gog.com/en/game/${p.slug.replace(/-/g, "_")}` : null),
    startsAt: null,
    endsAt: null,
  };
}
