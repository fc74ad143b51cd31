# expect: failed replaces
from engine import Value


def layer(x):
    return (x * 0.1).relu()


def residual_stack(x, profondeur=20):
    # « on empile les couches »
    for étape in range(profondeur):
        x = layer(x)
    return x


x = Value(1.0)
sortie = residual_stack(x)
sortie.backward()
print("gradient à l'entrée :", x.grad)
