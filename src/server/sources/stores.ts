import { z } from "zod";
import { limiterFor, requestJson, validEach } from "./http.ts";

/**
 * Public store endpoints (no key): Epic's free-games promotions and GOG's catalog. Both are
 * undocumented public answers; parsing keeps to the fields below and skips anything else.
 */
export interface StoreOffer {
  store: "Epic" | "GOG";
  id: string;
  title: string;
  price: number | null;
  originalPrice: number | null;
  discountPercent: number | null;
  free: boolean;
  imageUrl: string | null;
  url: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

const EpicElement = z.object({
  id: z.string(),
  title: z.string(),
  productSlug: z.string().nullable().optional(),
  keyImages: z.array(z.object({ type: z.string(), url: z.string() })).optional(),
  price: z
    .object({ totalPrice: z.object({ discountPrice: z.number(), originalPrice: z.number() }) })
    .optional(),
  promotions: z
    .object({
      promotionalOffers: z.array(
        z.object({
          promotionalOffers: z.array(
            z.object({
              startDate: z.string(),
              endDate: z.string(),
              discountSetting: z.object({ discountPercentage: z.number() }).optional(),
            }),
          ),
        }),
      ),
    })
    .nullable()
    .optional(),
});

const GogProduct = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  slug: z.string().optional(),
  coverHorizontal: z.string().optional(),
  price: z
    .object({
      finalMoney: z.object({ amount: z.string() }).optional(),
      baseMoney: z.object({ amount: z.string() }).optional(),
      discount: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export class StoresClient {
  readonly epicLimiter = limiterFor("epic");
  readonly gogLimiter = limiterFor("gog");
  constructor(private readonly config: { epicBase?: string; gogBase?: string } = {}) {}

  /** Games free right now on the Epic Games Store. */
  async epicFreeGames(): Promise<StoreOffer[]> {
    const base = this.config.epicBase ?? "https://store-site-backend-static.ak.epicgames.com";
    const body = (await requestJson(
      `${base}/freeGamesPromotions?locale=en-US&country=US&allowCountries=US`,
      {},
      { service: "epic", limiter: this.epicLimiter },
    )) as {
      data?: { Catalog?: { searchStore?: { elements?: unknown } } };
    };
    const now = Date.now();
    return validEach("epic", body.data?.Catalog?.searchStore?.elements ?? [], (item) => {
      const e = EpicElement.safeParse(item);
      if (!e.success) return null;
      const offer = e.data.promotions?.promotionalOffers?.[0]?.promotionalOffers?.[0];
      const active = offer && Date.parse(offer.startDate) <= now && Date.parse(offer.endDate) > now;
      const price = e.data.price?.totalPrice;
      return {
        store: "Epic" as const,
        id: e.data.id,
        title: e.data.title,
        price: price ? price.discountPrice / 100 : null,
        originalPrice: price ? price.originalPrice / 100 : null,
        discountPercent:
          offer?.discountSetting?.discountPercentage != null
            ? 100 - offer.discountSetting.discountPercentage
            : null,
        free: !!active && price?.discountPrice === 0,
        imageUrl:
          e.data.keyImages?.find((k) => k.type === "OfferImageWide" || k.type === "Thumbnail")?.url ?? null,
        url: e.data.productSlug ? `https://store.epicgames.com/p/${e.data.productSlug}` : null,
        startsAt: offer?.startDate ?? null,
        endsAt: offer?.endDate ?? null,
      };
    }).filter((o) => o.free);
  }

  /** One page of GOG's catalog with prices and discounts. */
  async gogCatalog(page = 1, limit = 48): Promise<StoreOffer[]> {
    const base = this.config.gogBase ?? "https://catalog.gog.com";
    const body = (await requestJson(
      `${base}/v1/catalog?limit=${limit}&page=${page}&order=desc:trending&productType=in:game&countryCode=US&currencyCode=USD`,
      {},
      { service: "gog", limiter: this.gogLimiter },
    )) as {
      products?: unknown;
    };
    return validEach("gog", body.products ?? [], (item) => {
      const p = GogProduct.safeParse(item);
      if (!p.success) return null;
      const final = p.data.price?.finalMoney ? Number(p.data.price.finalMoney.amount) : null;
      const base = p.data.price?.baseMoney ? Number(p.data.price.baseMoney.amount) : null;
      return {
        store: "GOG" as const,
        id: String(p.data.id),
        title: p.data.title,
        price: final,
        originalPrice: base,
        discountPercent: p.data.price?.discount
          ? Math.abs(Number.parseInt(p.data.price.discount, 10)) || null
          : null,
        free: final === 0,
        imageUrl: p.data.coverHorizontal ?? null,
        url: p.data.slug ? `https://www.gog.com/game/${p.data.slug}` : null,
        startsAt: null,
        endsAt: null,
      };
    });
  }
}
