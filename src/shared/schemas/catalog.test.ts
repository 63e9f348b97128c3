import { describe, expect, it } from "vitest";
import { catIdQuery, listLocationQuery, listPaging, productFilterQuery, subCatIdQuery } from "./catalog.ts";

const ID = "0190a000-0000-7000-8000-000000000001";

describe("listPaging (decision 006)", () => {
  it("answers the whole list up to 100 when neither page nor perPage is given", () => {
    expect(listPaging(listLocationQuery.parse({ location: "IN" }))).toEqual({ page: 1, perPage: 100, paged: false });
    expect(listPaging(listLocationQuery.parse({ page: "", perPage: "" }))).toEqual({ page: 1, perPage: 100, paged: false });
  });

  it("answers one page, 10 by default, when either is given", () => {
    expect(listPaging(listLocationQuery.parse({ page: "2" }))).toEqual({ page: 2, perPage: 10, paged: true });
    expect(listPaging(listLocationQuery.parse({ perPage: "16" }))).toEqual({ page: 1, perPage: 16, paged: true });
    expect(listPaging(listLocationQuery.parse({ page: "3", perPage: "8" }))).toEqual({ page: 3, perPage: 8, paged: true });
  });

  it("still refuses a bad page or perPage", () => {
    expect(listLocationQuery.safeParse({ page: "0" }).success).toBe(false);
    expect(listLocationQuery.safeParse({ perPage: "101" }).success).toBe(false);
  });
});

describe("category ids sent as the text undefined or null", () => {
  it("mean not given where the scope is optional", () => {
    for (const missing of ["undefined", "null", ""]) {
      const query = productFilterQuery.parse({ catId: missing, subCatId: missing });
      expect(query.catId).toBeUndefined();
      expect(query.subCatId).toBeUndefined();
    }
    expect(productFilterQuery.parse({ subCatId: ID }).subCatId).toBe(ID);
  });

  it("are missing where the id is required, and the message says so", () => {
    const result = subCatIdQuery.safeParse({ subCatId: "null" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("subCatId is required");
    expect(catIdQuery.safeParse({ catId: "undefined" }).error?.issues[0]?.message).toBe("catId is required");
    expect(catIdQuery.safeParse({ catId: "42" }).error?.issues[0]?.message).toBe("catId is not a valid id");
  });
});

describe("location", () => {
  it("keeps a code or a name for the API to resolve; empty or All is every country", () => {
    expect(listLocationQuery.parse({ location: " IN " }).location).toBe("IN");
    expect(listLocationQuery.parse({ location: "All" }).location).toBeUndefined();
    expect(listLocationQuery.parse({ location: "" }).location).toBeUndefined();
  });
});
