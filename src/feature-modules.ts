// The product's domain modules, in one list so each capability is added in one place.
export const featureModules = [];
