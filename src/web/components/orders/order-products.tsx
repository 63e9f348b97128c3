import { imageUrl } from "#shared/images.ts";
import { formatRupees } from "#shared/money.ts";
import type { OrderProductData } from "./orders-data.ts";

/** The Products table of one order (spec §2 Orders): product id, title (30), image, quantity, price, subtotal. */
export function OrderProductsTable({ products }: { products: OrderProductData[] }) {
  return (
    <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
      <thead className="border-b border-gray-300 bg-gray-50 text-xs text-gray-700">
        <tr>
          <th scope="col" className="p-2">
            Product Id
          </th>
          <th scope="col" className="p-2">
            Product Title
          </th>
          <th scope="col" className="p-2">
            Image
          </th>
          <th scope="col" className="p-2">
            Quantity
          </th>
          <th scope="col" className="p-2">
            Price
          </th>
          <th scope="col" className="p-2">
            SubTotal
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed once placed: they never move or change.
          <tr key={`${product.productId ?? "gone"}-${index}`} className="border-b border-gray-100">
            <td className="p-2 font-mono text-xs break-all">{product.productId ?? "(no longer sold)"}</td>
            <td className="p-2">{product.title}</td>
            <td className="p-2">
              {product.image ? (
                <img
                  src={imageUrl(product.image)}
                  alt={product.title}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded object-cover"
                />
              ) : null}
            </td>
            <td className="p-2">{product.quantity}</td>
            <td className="p-2">{formatRupees(product.pricePaise)}</td>
            <td className="p-2">{formatRupees(product.subTotalPaise)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
